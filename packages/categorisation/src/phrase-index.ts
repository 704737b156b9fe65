/**
 * Finds known phrases in normalised text (lower-case ASCII words separated by single spaces) at
 * word starts, in one pass: a character trie walked from each word start, so the cost is the text
 * length times the (short) depth the trie lets a walk reach, whatever the number of phrases.
 */

/** Called for each phrase found: its value and where it lies in the text (`end` exclusive). */
export type PhraseVisitor<T> = (value: T, start: number, end: number) => void;

const SPACE = 32;
const SLOTS = 37; // a-z, 0-9, space

function slotOf(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 22;
  return code === SPACE ? 36 : -1;
}

class TrieNode<T> {
  children: (TrieNode<T> | undefined)[] | null = null;
  /** Values of phrases that end here and must end at a word end. */
  words: T[] | null = null;
  /** Values of phrases that end here and may continue into a longer word ("hypothe" in "hypotheek"). */
  stems: T[] | null = null;
}

export class PhraseIndex<T> {
  private readonly root = new TrieNode<T>();

  /** Adds `phrase` (already normalised); a `stem` also matches words that start with it. */
  add(phrase: string, value: T, stem = false): void {
    if (phrase === '') throw new RangeError('a phrase cannot be empty');
    let node = this.root;
    for (let i = 0; i < phrase.length; i++) {
      const slot = slotOf(phrase.charCodeAt(i));
      if (slot < 0) throw new RangeError(`phrase "${phrase}" is not normalised`);
      node.children ??= new Array<TrieNode<T> | undefined>(SLOTS);
      node = node.children[slot] ??= new TrieNode<T>();
    }
    if (stem) (node.stems ??= []).push(value);
    else (node.words ??= []).push(value);
  }

  /** Visits every phrase that starts at a word start of `text`, left to right, shorter before longer. */
  forEachMatch(text: string, visit: PhraseVisitor<T>): void {
    for (let start = 0; start < text.length; start++) {
      if (start === 0 || text.charCodeAt(start - 1) === SPACE) this.walk(text, start, visit);
    }
  }

  private walk(text: string, start: number, visit: PhraseVisitor<T>): void {
    let node: TrieNode<T> | undefined = this.root;
    for (let i = start; i < text.length; i++) {
      const slot = slotOf(text.charCodeAt(i));
      node = slot < 0 || node.children === null ? undefined : node.children[slot];
      if (node === undefined) return;
      const end = i + 1;
      if (node.stems !== null) for (const value of node.stems) visit(value, start, end);
      if (node.words !== null && (end === text.length || text.charCodeAt(end) === SPACE)) {
        for (const value of node.words) visit(value, start, end);
      }
    }
  }
}
