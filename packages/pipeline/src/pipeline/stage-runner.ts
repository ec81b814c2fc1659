import { PipelineError } from '../errors/pipeline-error';
import type { PipelineStage } from '../errors/pipeline-stage';
import type { ClockPort } from '../ports/pipeline-ports';
import type { CallTracing } from '../tracing/call-tracing';

export type StageTimings = Partial<Record<PipelineStage, number>>;

/** Runs stages in order, timing each (clock port) and giving each a span when tracing. */
export class StageRunner {
  readonly timings: StageTimings = {};
  /** The stage that failed, for errors that are not PipelineErrors (bugs). */
  failedStage: PipelineStage = 'resolve';

  constructor(
    private readonly clock: ClockPort,
    private readonly tracing: CallTracing | undefined,
  ) {}

  async run<T>(stage: PipelineStage, fn: () => T | Promise<T>): Promise<T> {
    const start = this.clock.now();
    const span = this.tracing?.startStage(stage);
    try {
      const value = await fn();
      const duration = this.clock.now() - start;
      this.timings[stage] = duration;
      if (span !== undefined) this.tracing!.endStage(span, duration, undefined);
      return value;
    } catch (error) {
      const duration = this.clock.now() - start;
      this.timings[stage] = duration;
      this.failedStage = stage;
      const code = error instanceof PipelineError ? error.code : 'INTERNAL';
      if (span !== undefined) this.tracing!.endStage(span, duration, code);
      throw error;
    }
  }
}
