/** One filter of a staff list: a labelled select whose first, empty choice means any. */
export function FilterSelect({
  id,
  name,
  label,
  anyLabel,
  value,
  onValue,
  options,
}: {
  id: string;
  /** The field's name in the form's native submit (before the script runs). */
  name?: string;
  label: string;
  anyLabel: string;
  value: string;
  onValue: (value: string) => void;
  /** [value, label] pairs, in the order shown. */
  options: ReadonlyArray<readonly [string, string]>;
}) {
  return (
    <div className="inbox-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} value={value} onChange={(event) => onValue(event.target.value)}>
        <option value="">{anyLabel}</option>
        {options.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A list of choices and their labels as FilterSelect's options. */
export const choicesOf = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => [value, labels[value]] as const);
