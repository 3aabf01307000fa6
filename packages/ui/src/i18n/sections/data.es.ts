/** Texts of data components (table, pager, wizard, dropzone). */
export const dataMessagesEs = {
  emptyCell: '-',
};
