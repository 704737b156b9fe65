/**
 * Finds known phrases in normalised text (lower-case ASCII words separated by single spaces) at
 * word starts, in one pass: a character trie walked from each word start, so the cost is the text
 * length times the (short) depth the trie lets a walk reach, whatever the number of phrases.
 */

/** Called for each phrase found: its value and where it lies in the text (`end` exclusive). */
export type PhraseVisitor<T> = (value: T, start: number, end: number) => void;

const SPACE = 32;
const SLOTS = 37; // a-z, 0-9, space

/** The slot of each ASCII code in a node's row of children; -1 for characters a normalised text has not. */
const SLOT_OF = new Int8Array(128).fill(-1);
for (let code = 97; code <= 122; code++) SLOT_OF[code] = code - 97;
for (let code = 48; code <= 57; code++) SLOT_OF[code] = code - 22;
SLOT_OF[SPACE] = 36;

function slotOf(code: number): number {
  return code < 128 ? SLOT_OF[code] : -1;
}

const WORDS = 1;
const STEMS = 2;

/**
 * The trie is kept flat: node n's children are `children[n * SLOTS + slot]` (0 for none: the root, node 0,
 * is nobody's child), and what ends at a node is found by its index, so a walk reads typed arrays only.
 */
export class PhraseIndex<T> {
  private children = new Int32Array(64 * SLOTS);
  private nodes = 1;
  /** Per node: WORDS when phrases end there that must end at a word end, STEMS when phrases end there that may continue into a longer word ("hypothe" in "hypotheek"). */
  private ends = new Uint8Array(64);
  private readonly words = new Map<number, T[]>();
  private readonly stems = new Map<number, T[]>();

  /** Adds `phrase` (already normalised); a `stem` also matches words that start with it. */
  add(phrase: string, value: T, stem = false): void {
    if (phrase === '') throw new RangeError('a phrase cannot be empty');
    let node = 0;
    for (let i = 0; i < phrase.length; i++) {
      const slot = slotOf(phrase.charCodeAt(i));
      if (slot < 0) throw new RangeError(`phrase "${phrase}" is not normalised`);
      let child = this.children[node * SLOTS + slot];
      if (child === 0) {
        child = this.newNode();
        this.children[node * SLOTS + slot] = child;
      }
      node = child;
    }
    const table = stem ? this.stems : this.words;
    const values = table.get(node);
    if (values) values.push(value);
    else table.set(node, [value]);
    this.ends[node] |= stem ? STEMS : WORDS;
  }

  private newNode(): number {
    if (this.nodes === this.ends.length) {
      const children = new Int32Array(this.children.length * 2);
      children.set(this.children);
      this.children = children;
      const ends = new Uint8Array(this.ends.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    return this.nodes++;
  }

  /** Visits every phrase that starts at a word start of `text`, left to right, shorter before longer. */
  forEachMatch(text: string, visit: PhraseVisitor<T>): void {
    const { children, ends } = this;
    const length = text.length;
    for (let start = 0; start < length; start++) {
      if (start !== 0 && text.charCodeAt(start - 1) !== SPACE) continue;
      let node = 0;
      for (let i = start; i < length; i++) {
        const slot = slotOf(text.charCodeAt(i));
        if (slot < 0) break;
        node = children[node * SLOTS + slot];
        if (node === 0) break;
        const end = ends[node];
        if (end === 0) continue;
        if (end & STEMS) for (const value of this.stems.get(node)!) visit(value, start, i + 1);
        if (end & WORDS && (i + 1 === length || text.charCodeAt(i + 1) === SPACE)) for (const value of this.words.get(node)!) visit(value, start, i + 1);
      }
    }
  }
}
