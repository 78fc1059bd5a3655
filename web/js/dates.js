// A moment as the reader's locale writes a date and time (the admin and account pages).

export function when(ms) {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
