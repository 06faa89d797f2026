import { downloadFile } from '#web/lib/download-file';

/** A purchase's PDF receipt, fetched with the bearer token and saved. */
export const downloadReceipt = (receiptUrl: string) => downloadFile(receiptUrl, 'receipt.pdf');
