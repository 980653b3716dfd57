/** A table's header row and, when asked, its columns' widths: one way for every table of the page. */

export interface TableColumn {
  key: string;
  label: string;
  /** Said to screen readers only (a column of buttons). */
  hidden?: boolean;
}

/** `widths`: a `<col class="col-<key>">` a column, first (their widths are in styles.css). */
export function TableHead({ columns, widths = false }: { columns: readonly TableColumn[]; widths?: boolean }) {
  return (
    <>
      {widths ? (
        <colgroup>
          {columns.map(({ key }) => (
            <col key={key} className={`col-${key}`} />
          ))}
        </colgroup>
      ) : null}
      <thead>
        <tr>
          {columns.map(({ key, label, hidden }) => (
            <th key={key} scope="col">
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          ))}
        </tr>
      </thead>
    </>
  );
}
