/** Where a label is cut in two: at the space nearest its middle, so both lines are about as long. */
export function splitNearMiddle(label: string): [string, string] | null {
  let cut = -1;
  for (let at = label.indexOf(' '); at !== -1; at = label.indexOf(' ', at + 1)) {
    if (cut === -1 || Math.abs(at - label.length / 2) < Math.abs(cut - label.length / 2)) cut = at;
  }
  return cut === -1 ? null : [label.slice(0, cut), label.slice(cut + 1)];
}
