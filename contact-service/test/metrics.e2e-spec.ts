import { describe, expect, it } from '@jest/globals';
import { request, VALID_CONTACT, serviceForThisFile } from './support/test-app.js';

// No channel configured: leads are stored and their emails wait, counted where operators look.

const app = serviceForThisFile({ RATE_LIMIT_MAX: '10000' });

describe('metrics and notifications that wait', () => {
  it('keeps a lead email pending while SMTP is not configured, and says so on /metrics', async () => {
    expect((await app.service.post(VALID_CONTACT)).status).toBe(201);
    expect(
      (await app.service.post({ ...VALID_CONTACT, contact_me_by_fax_only: true })).status,
    ).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const rows = await app.db.query('SELECT channel, status, attempts FROM notifications');
    expect(rows).toEqual([{ channel: 'email', status: 'pending', attempts: 0 }]);

    const metrics = await request(`${app.service.baseUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(metrics.text).toContain(
      'contact_submissions_received_total{kind="contact",spam="false"} 1',
    );
    expect(metrics.text).toContain(
      'contact_submissions_received_total{kind="contact",spam="true"} 1',
    );
    expect(metrics.text).toContain('notifications_pending{channel="email"} 1');
    const age = /^notification_oldest_pending_age_seconds ([\d.]+)$/m.exec(metrics.text);
    expect(Number(age?.[1])).toBeGreaterThan(1);
  });

  it('reports the newest good and failed backup once the backup container records one', async () => {
    // Nothing recorded (Kubernetes, or before the first backup): no series, so no alert fires.
    const before = await request(`${app.service.baseUrl}/metrics`);
    expect(before.text).not.toMatch(/^backup_last_timestamp_seconds\{/m);
    // As infra/backup/backup.sh records each attempt.
    await app.db.query(`INSERT INTO backup_runs (finished_at, ok) VALUES
      ('2026-11-26T02:30:00Z', true), ('2026-11-27T02:30:00Z', true), ('2026-11-27T03:00:00Z', false)`);
    const after = await request(`${app.service.baseUrl}/metrics`);
    expect(after.text).toContain('backup_last_timestamp_seconds{outcome="success"} 1795746600');
    expect(after.text).toContain('backup_last_timestamp_seconds{outcome="failure"} 1795748400');
  });

  it('reports the newest off-site copy once the backup container ships one, and not before', async () => {
    // Without BACKUP_REMOTE nothing ships: no series, so no alert fires.
    const before = await request(`${app.service.baseUrl}/metrics`);
    expect(before.text).not.toMatch(/^backup_offsite_newest_timestamp_seconds\{/m);
    // As infra/backup/ship.sh records each round that reached the remote.
    const ship = (at: string) =>
      app.db.query(
        `INSERT INTO offsite_copies (remote, newest_at) VALUES ('default', $1)
           ON CONFLICT (remote) DO UPDATE SET newest_at = excluded.newest_at`,
        [at],
      );
    await ship('2026-11-27T02:30:00Z');
    await ship('2026-11-27T02:30:15Z');
    const after = await request(`${app.service.baseUrl}/metrics`);
    expect(after.text).toContain(
      'backup_offsite_newest_timestamp_seconds{remote="default"} 1795746615',
    );
  });

  it('reports the WAL stream once its slot exists, and not before', async () => {
    const scrape = async () => (await request(`${app.service.baseUrl}/metrics`)).text;
    expect(await scrape()).not.toMatch(/^wal_archive_streaming\{/m);
    // The slot the backup container's pg_receivewal uses, with nobody streaming from it.
    await app.db.query(`SELECT pg_create_physical_replication_slot('wal_archive')`);
    try {
      const text = await scrape();
      expect(text).toContain('wal_archive_streaming{slot="wal_archive"} 0');
      expect(text).toMatch(/^wal_archive_behind_bytes\{slot="wal_archive"\} \d+$/m);
    } finally {
      await app.db.query(`SELECT pg_drop_replication_slot('wal_archive')`);
    }
  });

  it('serves /metrics outside /api, the only prefix nginx proxies', async () => {
    expect((await request(`${app.service.baseUrl}/api/metrics`)).status).toBe(404);
  });
});
