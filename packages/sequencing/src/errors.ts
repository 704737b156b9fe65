/** Thrown for input the engine cannot read; names the transaction index (null for options) and the field. */
export class InvalidSequencingInput extends Error {
  readonly index: number | null;
  readonly field: string;

  constructor(index: number | null, field: string, problem: string) {
    super(index === null ? `Invalid sequencing input: ${field} ${problem}` : `Invalid sequencing input: transaction ${index}: ${field} ${problem}`);
    this.name = 'InvalidSequencingInput';
    this.index = index;
    this.field = field;
  }
}
