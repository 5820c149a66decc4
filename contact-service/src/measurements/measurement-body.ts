import contract from '@proposal-site/contract/measurements.json' with { type: 'json' };
import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsNumber, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { ObjectListField } from '../http/body-fields.js';
import { RefusedAs } from '../http/body-validation.pipe.js';

const { limits } = contract;
export type VitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
/** The metrics the contract measures. */
export const VITALS = contract.vitals as readonly VitalName[];

/** One Core Web Vital of the page: its name and its value (milliseconds, or the CLS score). */
export class Vital {
  @ApiProperty({ enum: VITALS })
  @IsIn(VITALS)
  name!: VitalName;

  @ApiProperty({ minimum: 0, maximum: limits.vitalMax })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(limits.vitalMax)
  value!: number;
}

/** One step of a form's funnel. */
export class FunnelStep {
  @ApiProperty({ enum: contract.funnel.forms })
  @IsIn(contract.funnel.forms)
  form!: string;

  @ApiProperty({ enum: contract.funnel.steps })
  @IsIn(contract.funnel.steps)
  step!: string;
}

/**
 * The body of POST /api/measurements, as contract/measurements.json allows it: the page's path,
 * Core Web Vitals and the contact form's funnel steps. Nothing in it names or identifies a
 * visitor, and nothing else is accepted. A refusal says which part, and what is allowed.
 */
@RefusedAs({
  every: (where) =>
    `The measurements were not counted: ${where} is not allowed. Send {"route": "/a-page", "vitals": [{"name": "LCP", "value": 1234}], "funnel": [{"form": "contact", "step": "seen"}]} with the names and steps of contract/measurements.json.`,
})
export class MeasurementBody {
  @ApiProperty({ maxLength: limits.routeLength, pattern: '^/' })
  @IsString()
  @MaxLength(limits.routeLength)
  @Matches(/^\//)
  route!: string;

  @ObjectListField(Vital, limits.vitalsPerBeacon)
  vitals?: Vital[];

  @ObjectListField(FunnelStep, limits.funnelPerBeacon)
  funnel?: FunnelStep[];
}

/** The route label of a page path: the site's pages by name, every other path as its 404 page. */
export function routeLabel(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return contract.routes.includes(trimmed) ? trimmed : contract.notFoundRoute;
}

/** A vital's value in the unit of its histogram: seconds for times, the score itself for CLS. */
export function vitalValue(name: VitalName, value: number): number {
  return name === 'CLS' ? value : value / 1000;
}
