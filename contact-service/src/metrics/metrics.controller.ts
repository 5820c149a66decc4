import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { MetricsService } from './metrics.service.js';

/**
 * GET /metrics for Prometheus, outside the /api prefix: nginx proxies only /api/, so the public
 * site never has it; Prometheus scrapes the service's own port, as the orchestrator's probes do.
 */
@Controller('metrics')
@SkipThrottle()
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @ApiOperation({ operationId: 'metrics' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: "Prometheus's text format (docs/monitoring.md)." })
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
