import { writeMessageAssets } from "./web/message-assets";

/**
 * `npm run build`'s last step: the browser's message catalogues as fingerprinted files, one per language, and the
 * manifest that tells the web server their names (decision 020).
 */
await writeMessageAssets();
