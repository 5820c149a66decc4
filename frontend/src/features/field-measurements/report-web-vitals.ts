import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { sendMeasurement } from '../../shared/measurements';

/**
 * The Core Web Vitals of this page view as visitors' browsers measure them (web-vitals reads the
 * browser's buffered performance entries, so it may load after the page). Each metric is sent
 * once it is final (LCP at the first input, CLS and INP when the page is hidden).
 */
export function reportWebVitals(): void {
  const report = ({ name, value }: Metric) => sendMeasurement({ vital: { name, value } });
  onLCP(report);
  onINP(report);
  onCLS(report);
  onFCP(report);
  onTTFB(report);
}
