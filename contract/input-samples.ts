/**
 * Input shared by the tests of every side, so that the schemas, the gateway on the wire, the
 * msw handlers and the forms are checked with the same rows: a valid address as the form sends
 * it, and the text stored fields may not hold (validation.ts `hasHiddenControl`,
 * `isInvisibleOnly`), as a customer or an attacker could send it. A new kind of hostile text is
 * added here once.
 */

/** A valid address as the address form sends it (no id: a new one; no isDefault). */
export const SAMPLE_ADDRESS = Object.freeze({
  name: '王小明',
  tel: '13612345678',
  province: '广东省',
  city: '深圳市',
  county: '南山区',
  areaCode: '440305',
  addressDetail: '科技园南路10号',
});

export interface HostileText {
  what: string;
  text: string;
  /** A tab or a line break: multi-line text (an evaluation) keeps it. */
  line?: boolean;
  /**
   * Text PostgreSQL cannot store (U+0000, a lone surrogate): the gateway refuses it at its edge,
   * in any field, before the field's own rules (gateway/src/text.ts).
   */
  unstorable?: boolean;
}

/** Refused with `TextMessages.hiddenControl(field)`. */
export const HIDDEN_CONTROL_SAMPLES: readonly HostileText[] = [
  { what: 'ESC', text: '小明\u001b[31m' },
  { what: 'NUL', text: '小\u0000明', unstorable: true },
  { what: 'DEL', text: '小明\u007f' },
  { what: 'a C1 control (CSI)', text: '小明\u009b' },
  { what: 'NEXT LINE (a C1 control)', text: '小\u0085明' },
  { what: 'a line break inside', text: '小\n明', line: true },
  { what: 'a tab inside', text: '小\t明', line: true },
  { what: 'RIGHT-TO-LEFT OVERRIDE', text: '小明\u202egnp.exe' },
  { what: 'LEFT-TO-RIGHT EMBEDDING', text: '\u202a小明' },
  { what: 'a bidi isolate', text: '小明\u2067' },
  { what: 'a bidi mark', text: '小明\u200f' },
  { what: 'a lone high surrogate', text: '小明\ud83d', unstorable: true },
  { what: 'a lone low surrogate', text: '\ude00小明', unstorable: true },
];

/** Refused with `TextMessages.invisibleOnly(field)`: nothing a reader would see. */
export const INVISIBLE_ONLY_SAMPLES: readonly HostileText[] = [
  { what: 'a zero-width space', text: '\u200b' },
  { what: 'zero-width joiners and a word joiner', text: '\u200c\u200d\u2060' },
  { what: 'a byte-order mark between spaces', text: ' \ufeff\u200b ' },
];
