import { SUBJECT_NAMES } from "../api";

/** The subjects a deck or card may belong to, as `{ id, name }` for a subject select. */
export const SUBJECT_LIST = Object.entries(SUBJECT_NAMES).map(([id, name]) => ({ id, name }));
