/** Field builders the device API's bodies share (not exported by the package). */
import { z } from 'zod';

/** A trimmed string of at most `max` characters. */
export const text = (max: number) => z.string().trim().max(max);
