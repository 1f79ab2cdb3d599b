/** Amounts as text with two decimals, the decimals of the demo plans' currencies (euros, dollars). */
import { moneyText } from '../../src/domain/money.js';

export const twoDecimals = moneyText(2);
