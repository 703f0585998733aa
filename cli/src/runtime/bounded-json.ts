/** The answer's JSON when it fits in `max` bytes; undefined for anything else. */
export async function boundedJson(response: Response, max: number): Promise<unknown> {
  const reader = response.body?.getReader();
  if (!reader) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (chunk.done) break;
    size += chunk.value.length;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(chunk.value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}
