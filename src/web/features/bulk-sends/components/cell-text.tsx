/** A cell as written (its line breaks kept), or "(empty)". */
export function CellText({ value }: { value: string }) {
  if (value === '') return <span className="text-slate-700 italic">(empty)</span>;
  return <span className="block break-words whitespace-pre-wrap text-slate-900">{value}</span>;
}
