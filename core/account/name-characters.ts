/**
 * What a name may not hold: control characters (C0, DEL, C1: line breaks, tabs, NUL…),
 * the line and paragraph separators, and the bidi controls that reorder the text around
 * them — a name is shown beside others' (team lists, the top bar, an invitation mail) and
 * could pass for something else. Joiners (U+200C, U+200D) stay: scripts and emoji need them.
 * No zod here: the client's team rules use it too.
 */
export const NAME_FORBIDDEN = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
