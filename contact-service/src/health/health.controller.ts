import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ApiOperation } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import release from '@proposal-site/contract/release.json' with { type: 'json' };

/**
 * Probes for the orchestrator: live = the process answers, and says which release it runs
 * (contract/release.json; `make version` asks it); ready = it can reach its database.
 */
@Controller('health')
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
  ) {}

  @Get('live')
  @ApiOperation({ operationId: 'live', description: 'The process answers; with its release.' })
  @HealthCheck()
  async live() {
    return { ...(await this.health.check([])), version: release.version };
  }

  @Get('ready')
  @ApiOperation({ operationId: 'ready', description: 'The process can reach its database.' })
  @HealthCheck()
  ready() {
    return this.health.check([() => this.database.pingCheck('database', { timeout: 1000 })]);
  }
}
