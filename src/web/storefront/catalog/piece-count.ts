export const pieceCount = (n: number) => `${n} ${n === 1 ? 'piece' : 'pieces'}`;
