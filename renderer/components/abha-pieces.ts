/** A patient's line cut where its ABHA number starts and ends, so that the number can be kept on one line. */

const ABHA_NUMBER = /(ABHA \d[\d-]*\d)/;

export interface Piece {
  text: string;
  /** The ABHA number with its word: never broken across two lines ("ABHA 91-" / "2345-…" reads as two numbers). */
  abha: boolean;
}

export function abhaPieces(text: string): Piece[] {
  // split with one group: the numbers at the odd places.
  return text
    .split(ABHA_NUMBER)
    .map((piece, index) => ({ text: piece, abha: index % 2 === 1 }))
    .filter((piece) => piece.text !== '');
}
