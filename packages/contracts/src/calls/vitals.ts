import { z } from 'zod';
import { defineCall } from '../call.js';
import { okMessage } from '../envelope.js';

/** Core Web Vitals the portal measures (the web-vitals library's metric names). */
export const VITAL_NAMES = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'] as const;

/**
 * The web-vitals report (section 7 leaves its payload open): one metric per call, small and
 * bounded so an anonymous caller cannot store much.
 */
export const report = defineCall({
  id: 'vitals.report',
  method: 'POST',
  path: '/v1/vitals',
  summary: 'Report one web-vitals measurement of the portal',
  access: 'public',
  pathChosen: true,
  body: z.strictObject({
    name: z.enum(VITAL_NAMES),
    value: z.number().min(0).max(600_000).describe('milliseconds; unitless for CLS'),
    rating: z.enum(['good', 'needs-improvement', 'poor']).optional(),
    id: z.string().min(1).max(64).describe('the metric instance id'),
    navigationType: z.string().max(32).optional(),
    page: z.string().max(256).optional().describe('the route, without query'),
  }),
  answer: okMessage,
  codes: ['rate_limit_exceeded'],
});
