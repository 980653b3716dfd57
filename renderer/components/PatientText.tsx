/** A line that names a patient, shown with its ABHA number never broken across two lines. */
import { Fragment } from 'react';
import { abhaPieces } from './abha-pieces';

export function PatientText({ text }: { text: string }) {
  return (
    <>
      {abhaPieces(text).map((piece, index) =>
        piece.abha ? (
          <span key={index} className="unbroken">
            {piece.text}
          </span>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}
