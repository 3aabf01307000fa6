/** Texts of charts, the PDF viewer and the shell pieces. */
export const mediaMessagesEs = {};
