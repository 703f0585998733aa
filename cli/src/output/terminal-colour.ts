import { isatty } from "node:tty";
import { stripVTControlCharacters } from "node:util";

/**
 * `text` as it may go to file descriptor `fd`: with its colour codes only on a terminal and
 * without NO_COLOR set to anything but "" (https://no-color.org). citty colours its usage text
 * unless NO_COLOR is exactly "1", CI or TEST is set or TERM is dumb, terminal or not, so a piped
 * `agentgate --help` would carry escape codes (README.md, "Settings: network, module address, key").
 */
export function forTerminal(text: string, fd: 1 | 2): string {
  const noColour = (process.env.NO_COLOR ?? "") !== "";
  return isatty(fd) && !noColour ? text : stripVTControlCharacters(text);
}
