/** Shortest password accepted, for every kind of account (SPEC §5, §9). */
export const MIN_PASSWORD_LENGTH = 8;
/** Longest accepted: argon2 takes any length, but hashing megabytes is a cheap way to burn CPU. */
export const MAX_PASSWORD_LENGTH = 256;
