/** A quantity in its unit for people: "259200 minutes (180 days)", "128 characters". */
export function amount(x: number, unit: string): string {
  if (unit === 'minutes' && x >= 24 * 60) {
    const days = Math.round((x / (24 * 60)) * 1000) / 1000;
    return `${x} minutes (${days} days)`;
  }
  return `${x} ${unit}`;
}
