/**
 * Every Mantine stylesheet the console uses (core and dates), as one module: loaded by
 * `loadAllStyles` (./all-styles.ts) before any screen shows, so that a component is styled whichever
 * screen a user opened first. Components never import Mantine CSS themselves (lint); the entry
 * (main.tsx) imports only what the login page needs for its first paint.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/dates/styles.layer.css';
