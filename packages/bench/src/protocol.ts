/**
 * @tombstone-lab/bench/protocol — the typed NDJSON event stream of a run (`--json`, `--events <file>`), for editors
 * and CI. Free of Node built-ins, so an extension can bundle it.
 */
export {
  type BenchEvent,
  type BenchmarkFinishedEvent,
  type ErrorEvent,
  PROTOCOL_VERSION,
  type RunFinishedEvent,
  type RunStartedEvent,
  type SampleFinishedEvent,
} from './protocol/events.js';
