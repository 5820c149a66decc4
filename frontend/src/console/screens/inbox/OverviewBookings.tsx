import type { BookingWeek } from '../../api/inbox-api';
import { hoursText, weekText } from './words';
import { ColumnHeads } from '../../ui/ColumnHeads';

const hoursOrNone = (hours: number | null) => (hours === null ? 'none yet' : hoursText(hours));

const shareText = (row: BookingWeek) =>
  row.share === null
    ? 'no requests'
    : `${Math.round(row.share * 100)} % (${row.inPromise} of ${row.requests})`;

/**
 * Speed to lead with the booking (contact-service/src/leads/speed-to-lead.ts): per week of
 * receipt, the contact requests of the form, the share booked through the scheduler within the
 * callback promise, the time from receipt to the booking, and the bookings with no form.
 */
export function BookedCalls({ bookings }: { bookings: BookingWeek[] }) {
  return (
    <section aria-labelledby="overview-bookings">
      <h2 id="overview-bookings">Calls booked</h2>
      {bookings.every((row) => row.booked + row.noForm === 0) ? (
        <p>No call booked through the scheduler in the last 12 weeks.</p>
      ) : (
        <table>
          <caption>
            Calls booked through the scheduler per week of receipt (the week of the Monday). Booked
            in time: of the contact requests sent through the form, the share booked within the
            callback promise. Time to booking: from the request to its first booking. Without a
            form: bookings that came first, each now a lead of its own.
          </caption>
          <ColumnHeads
            names={[
              'Week of',
              'Requests',
              'Booked',
              'Booked in time',
              'Median time to booking',
              '90th percentile',
              'Without a form',
            ]}
          />
          <tbody>
            {bookings.map((row) => (
              <tr key={row.week}>
                <th scope="row">{weekText(row.week)}</th>
                <td>{row.requests}</td>
                <td>{row.booked}</td>
                <td>{shareText(row)}</td>
                <td>{hoursOrNone(row.medianHours)}</td>
                <td>{hoursOrNone(row.p90Hours)}</td>
                <td>{row.noForm}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
