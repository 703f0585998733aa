import { z } from "zod";

export const MIN_PRIORITY = 0;
export const MAX_PRIORITY = 3;

export const prioritySchema = z.int().min(MIN_PRIORITY).max(MAX_PRIORITY);

export type Priority = z.infer<typeof prioritySchema>;
