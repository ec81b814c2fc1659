import type { Span } from '@opentelemetry/api';
import { PipelineError } from '../errors/pipeline-error';
import type { PipelineStage } from '../errors/pipeline-stage';
import type { ClockPort } from '../ports/pipeline-ports';
import type { CallTracing } from '../tracing/call-tracing';

export type StageTimings = Partial<Record<PipelineStage, number>>;

/**
 * Runs stages in order, timing each (clock port) and giving each a span when tracing. A stage
 * that finishes synchronously is answered synchronously: most stages of a statement call do
 * no I/O, and an `await` per stage would cost each call a promise and a microtask turn per stage.
 */
export class StageRunner {
  readonly timings: StageTimings = {};
  /** The stage that failed, for errors that are not PipelineErrors (bugs). */
  failedStage: PipelineStage = 'resolve';

  constructor(
    private readonly clock: ClockPort,
    private readonly tracing: CallTracing | undefined,
  ) {}

  /** A stage that never awaits (validation, substitution, serialization): `run`, typed so. */
  sync<T>(stage: PipelineStage, fn: () => T): T {
    return this.run(stage, fn) as T;
  }

  /** A stage that may await; answered synchronously when it did not. */
  run<T>(stage: PipelineStage, fn: () => T | Promise<T>): T | Promise<T> {
    const start = this.clock.now();
    const span = this.tracing?.startStage(stage);
    let value: T | Promise<T>;
    try {
      value = fn();
    } catch (error) {
      throw this.failed(stage, start, span, error);
    }
    if (!(value instanceof Promise)) {
      this.finished(stage, start, span);
      return value;
    }
    return value.then(
      (settled) => {
        this.finished(stage, start, span);
        return settled;
      },
      (error: unknown) => {
        throw this.failed(stage, start, span, error);
      },
    );
  }

  private finished(stage: PipelineStage, start: number, span: Span | undefined): void {
    const duration = this.clock.now() - start;
    this.timings[stage] = duration;
    if (span !== undefined) this.tracing!.endStage(span, duration, undefined);
  }

  private failed(
    stage: PipelineStage,
    start: number,
    span: Span | undefined,
    error: unknown,
  ): unknown {
    const duration = this.clock.now() - start;
    this.timings[stage] = duration;
    this.failedStage = stage;
    const code = error instanceof PipelineError ? error.code : 'INTERNAL';
    if (span !== undefined) this.tracing!.endStage(span, duration, code);
    return error;
  }
}
