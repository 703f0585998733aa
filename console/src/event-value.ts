/** The value of the input, select or text area an event came from. */
export const eventValue = (event: Event): string =>
  (event.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement).value;
