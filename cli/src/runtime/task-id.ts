/** A fresh payment task id when the user gives none: unique, and within the id charset. */
export function generateTaskId(): string {
  return `task-${crypto.randomUUID()}`;
}
