/** How far off a day is, in words: 'Today', 'Tomorrow', 'In 12 days', '3 days ago'. */
export function daysLeftWords(daysLeft: number): string {
  if (daysLeft === 0) return 'Today';
  if (daysLeft === 1) return 'Tomorrow';
  if (daysLeft > 0) return `In ${daysLeft} days`;
  if (daysLeft === -1) return 'Yesterday';
  return `${-daysLeft} days ago`;
}
