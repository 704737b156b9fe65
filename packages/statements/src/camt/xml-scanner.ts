/**
 * A scanner for the plain XML that camt files are written in: an XML declaration, comments, elements, attributes,
 * text with the five predefined entities and character references, CDATA. It reads such a file in one pass with
 * `indexOf` and char codes, several times faster than saxes, and reports the same events saxes does (without
 * namespace processing: qualified names, attributes as written, line ends and attribute whitespace normalised).
 *
 * It never decides that a file is broken. Whatever it does not read, or reads as not well-formed (a DOCTYPE, any
 * entity but the predefined ones, a processing instruction, a disallowed character, a name outside ASCII, a
 * mismatched or missing end tag, a second root, ...), ends the scan with `false`, having reported events only up to
 * a point saxes too would have reached without error: the caller reads the file with saxes then, which says what is
 * wrong and where, or reads what is merely unusual here.
 */
export interface XmlEvents {
  /** `attributes` null when the element has none. */
  open(name: string, attributes: Record<string, string> | null): void;
  text(text: string): void;
  close(): void;
}

/** Characters XML 1.0 does not allow, and surrogates (a lone one is not allowed; a pair is left to saxes). */
const OUTSIDE_SCANNED_CHARACTERS = /[\x00-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;
const XML_DECLARATION = /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.0\1(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(?:yes|no)\3)?[ \t\r\n]*\?>/;
/** What an attribute value has normalised to spaces; made once, as a literal in `startTag` would be a new object at every attribute. */
const ATTRIBUTE_WHITESPACE = /[\r\n\t]/;
const PREDEFINED = new Map([['amp', '&'], ['lt', '<'], ['gt', '>'], ['quot', '"'], ['apos', "'"]]);

const GT = 0x3e;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;
}

function isNameStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f || c === 0x3a;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2d || c === 0x2e;
}

/** Not read here: the caller reads the file with saxes. */
class NotScanned extends Error {}

const notScanned = (): never => {
  throw new NotScanned();
};

/**
 * Reads `xml`, reporting its elements and text to `events`; `false` when the file is not read here (see above). An
 * error thrown by a handler ends the scan and is thrown on.
 */
export function scanXml(xml: string, events: XmlEvents): boolean {
  if (OUTSIDE_SCANNED_CHARACTERS.test(xml)) return false;
  try {
    new Scanner(xml, events).scan();
    return true;
  } catch (error) {
    if (error instanceof NotScanned) return false;
    throw error;
  }
}

class Scanner {
  private at = 0;
  /** Qualified names of the open elements. */
  private readonly open: string[] = [];
  private rootSeen = false;
  /**
   * Names read before, by length and first and last characters: a camt file repeats a few dozen names, and a name
   * found here is neither cut out of the text again nor hashed again when the reader looks it up.
   */
  private readonly names = new Map<number, string>();
  /**
   * Where the next `]]>`, carriage return and `&` are at or after the text last read (the file's length when there
   * is none): found by a search that goes on from the one before, not by three searches of every text.
   */
  private cdataEnd = -1;
  private carriageReturn = -1;
  private ampersand = -1;

  constructor(
    private readonly xml: string,
    private readonly events: XmlEvents,
  ) {}

  scan(): void {
    const xml = this.xml;
    if (xml.startsWith('<?xml')) {
      const declaration = XML_DECLARATION.exec(xml);
      if (declaration === null) notScanned();
      this.at = declaration![0].length;
    }
    const length = xml.length;
    while (this.at < length) {
      const lt = xml.indexOf('<', this.at);
      const end = lt === -1 ? length : lt;
      if (end > this.at) this.text(this.at, end);
      if (lt === -1) break;
      const next = xml.charCodeAt(lt + 1);
      if (next === SLASH) this.endTag(lt);
      else if (next === 0x21 /* ! */) this.markup(lt);
      else this.startTag(lt);
    }
    if (this.open.length > 0 || !this.rootSeen) notScanned();
  }

  private text(from: number, to: number): void {
    const xml = this.xml;
    if (this.open.length === 0) {
      for (let i = from; i < to; i++) if (!isSpace(xml.charCodeAt(i))) notScanned();
      this.at = to;
      return;
    }
    // A `]]>` found ends before `to`: the text ends at a `<`.
    if (this.cdataEnd < from) this.cdataEnd = next(xml, ']]>', from);
    if (this.cdataEnd < to) notScanned();
    let text = xml.slice(from, to);
    // Line ends are normalised before references are decoded: a `&#13;` stays a carriage return.
    if (this.carriageReturn < from) this.carriageReturn = next(xml, '\r', from);
    if (this.carriageReturn < to) text = text.replace(/\r\n?/g, '\n');
    if (this.ampersand < from) this.ampersand = next(xml, '&', from);
    if (this.ampersand < to) text = decodeReferences(text);
    this.events.text(text);
    this.at = to;
  }

  /** `<!--` comment `-->` or `<![CDATA[` … `]]>`; anything else (a DOCTYPE) is not read here. */
  private markup(lt: number): void {
    const xml = this.xml;
    if (xml.startsWith('<!--', lt)) {
      const close = xml.indexOf('-->', lt + 4);
      if (close === -1) notScanned();
      const body = xml.slice(lt + 4, close);
      if (body.includes('--') || body.endsWith('-')) notScanned();
      this.at = close + 3;
      return;
    }
    if (this.open.length > 0 && xml.startsWith('<![CDATA[', lt)) {
      const close = xml.indexOf(']]>', lt + 9);
      if (close === -1) notScanned();
      const text = xml.slice(lt + 9, close);
      this.events.text(text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text);
      this.at = close + 3;
      return;
    }
    notScanned();
  }

  private name(from: number): number {
    const xml = this.xml;
    if (!isNameStart(xml.charCodeAt(from))) notScanned();
    let i = from + 1;
    while (isNameChar(xml.charCodeAt(i))) i++;
    return i;
  }

  /** The name at `from` to `to`, as read before when it was. */
  private nameAt(from: number, to: number): string {
    const xml = this.xml;
    if (to - from > 0x1000) return xml.slice(from, to);
    // Names are ASCII here: a small integer key.
    const key = ((to - from) << 14) | (xml.charCodeAt(from) << 7) | xml.charCodeAt(to - 1);
    const known = this.names.get(key);
    if (known !== undefined && isAt(xml, known, from)) return known;
    const name = xml.slice(from, to);
    this.names.set(key, name);
    return name;
  }

  /**
   * The name of a start tag without attributes (`<Name>`) that was read before: found by the `>` and one lookup,
   * without reading it character by character again. Null for any other tag.
   */
  private knownPlainName(lt: number): string | null {
    const xml = this.xml;
    const gt = xml.indexOf('>', lt + 2);
    if (gt === -1 || gt - lt - 1 > 0x1000) return null;
    const known = this.names.get(((gt - lt - 1) << 14) | (xml.charCodeAt(lt + 1) << 7) | xml.charCodeAt(gt - 1));
    return known !== undefined && isAt(xml, known, lt + 1) ? known : null;
  }

  private startTag(lt: number): void {
    const xml = this.xml;
    if (this.open.length === 0 && this.rootSeen) notScanned();
    const plain = this.knownPlainName(lt);
    if (plain !== null) {
      this.at = lt + plain.length + 2;
      this.rootSeen = true;
      this.open.push(plain);
      this.events.open(plain, null);
      return;
    }
    const nameEnd = this.name(lt + 1);
    const name = this.nameAt(lt + 1, nameEnd);
    let attributes: Record<string, string> | null = null;
    let i = nameEnd;
    for (;;) {
      const c = xml.charCodeAt(i);
      if (c === GT) {
        this.at = i + 1;
        this.rootSeen = true;
        this.open.push(name);
        this.events.open(name, attributes);
        return;
      }
      if (c === SLASH) {
        if (xml.charCodeAt(i + 1) !== GT) notScanned();
        this.at = i + 2;
        this.rootSeen = true;
        this.events.open(name, attributes);
        this.events.close();
        return;
      }
      if (!isSpace(c)) notScanned();
      while (isSpace(xml.charCodeAt(i))) i++;
      const after = xml.charCodeAt(i);
      if (after === GT || after === SLASH) continue;
      const attributeEnd = this.name(i);
      const attribute = this.nameAt(i, attributeEnd);
      i = attributeEnd;
      while (isSpace(xml.charCodeAt(i))) i++;
      if (xml.charCodeAt(i) !== EQUALS) notScanned();
      i++;
      while (isSpace(xml.charCodeAt(i))) i++;
      const quote = xml.charCodeAt(i);
      if (quote !== QUOTE && quote !== APOSTROPHE) notScanned();
      const close = xml.indexOf(quote === QUOTE ? '"' : "'", i + 1);
      if (close === -1) notScanned();
      let value = xml.slice(i + 1, close);
      if (value.includes('<')) notScanned();
      if (ATTRIBUTE_WHITESPACE.test(value)) value = value.replace(/\r\n|[\r\n\t]/g, ' ');
      if (value.includes('&')) value = decodeReferences(value);
      attributes ??= {};
      if (attribute in attributes) notScanned();
      attributes[attribute] = value;
      i = close + 1;
    }
  }

  private endTag(lt: number): void {
    const xml = this.xml;
    const name = this.open.pop();
    if (name === undefined || !isAt(xml, name, lt + 2)) notScanned();
    let i = lt + 2 + name!.length;
    while (isSpace(xml.charCodeAt(i))) i++;
    if (xml.charCodeAt(i) !== GT) notScanned();
    this.at = i + 1;
    this.events.close();
  }
}

/** `xml.startsWith(name, at)`, compared here: a tag's name is a few characters, fewer than a call of `startsWith` costs. */
function isAt(xml: string, name: string, at: number): boolean {
  const length = name.length;
  if (at + length > xml.length) return false;
  for (let i = 0; i < length; i++) if (xml.charCodeAt(at + i) !== name.charCodeAt(i)) return false;
  return true;
}

/** Where `needle` is first at or after `from`, or the text's length. */
function next(xml: string, needle: string, from: number): number {
  const at = xml.indexOf(needle, from);
  return at === -1 ? xml.length : at;
}

/** Text with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#…;` decoded; any other `&` is not read here. */
function decodeReferences(text: string): string {
  let decoded = '';
  let from = 0;
  for (let amp = text.indexOf('&'); amp !== -1; amp = text.indexOf('&', from)) {
    const semicolon = text.indexOf(';', amp + 1);
    if (semicolon === -1) notScanned();
    const reference = text.slice(amp + 1, semicolon);
    let character: string | undefined;
    if (reference.startsWith('#')) {
      const code = /^#x[0-9A-Fa-f]{1,6}$/.test(reference) ? parseInt(reference.slice(2), 16) : /^#[0-9]{1,7}$/.test(reference) ? parseInt(reference.slice(1), 10) : -1;
      // XML 1.0 characters that are not surrogates: a reference to anything else is saxes's to judge.
      if (code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff)) character = String.fromCodePoint(code);
    } else character = PREDEFINED.get(reference);
    if (character === undefined) notScanned();
    decoded += text.slice(from, amp) + character!;
    from = semicolon + 1;
  }
  return decoded + text.slice(from);
}
