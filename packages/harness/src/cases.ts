/**
 * A ready-made case study (`tombstone-harness case <name>`): a named, documented workload with its own report.
 * Cases register in {@link CASES}; `list-cases` prints them.
 */
export interface CaseDefinition {
  readonly name: string;
  /** One line for `list-cases`. */
  readonly summary: string;
  /** Where the case comes from (seed document, upstream issue or commit). */
  readonly source: string;
}

/** The registered case studies, in the order `list-cases` prints them. */
export const CASES: CaseDefinition[] = [];
