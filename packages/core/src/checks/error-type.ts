/**
 * The typed error a check throws. Each package passes its own (core's `InvalidTimestampError`, partition's
 * `PartitionArgumentError`…), so one rule serves every package while each keeps its documented error types.
 */
export type ErrorType = new (message: string) => Error;
