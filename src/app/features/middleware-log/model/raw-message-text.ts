/** A raw message as the details show it: valid JSON indented, anything else exactly as stored. */
export function readableMessage(message: string, validJson: boolean): string {
  if (!validJson) return message;
  try {
    return JSON.stringify(JSON.parse(message), null, 2);
  } catch {
    return message;
  }
}
