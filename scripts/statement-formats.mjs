/**
 * The bank's view of one month written as a bank exports it, in each format the statement reader
 * takes: a French CSV (semicolons, decimal comma, money out and money in, running balance, a few lines
 * about the account first), OFX 1.x (SGML), QFX (OFX 2.x XML), QIF and CAMT.053. Plain text in, plain
 * text out, no clock: the files come out the same every time, so a change in them is a change in the
 * demo data or in these writers.
 *
 * A month is `{ from, to, openingDate, opening, closing, lines }`, amounts in milliunits, each line
 * `{ date, amount, label, kind, ref, memo }` (kind: card, debit, transfer, fee).
 */

const IBAN = 'FR76 3000 6000 0112 3456 7890 189';
const BANK_ID = '30006';
const BRANCH_ID = '00001';
const ACCOUNT_NO = '12345678901';

/** Milliunits as `-70.42` (cents only: a bank states nothing finer). */
export function units(milli, mark = '.') {
  const cents = Math.round(Math.abs(milli) / 10);
  const text = `${Math.floor(cents / 100)}${mark}${String(cents % 100).padStart(2, '0')}`;
  return milli < 0 ? `-${text}` : text;
}

const [y, m, d] = [0, 1, 2];
const parts = (iso) => iso.split('-');
const compact = (iso) => iso.replaceAll('-', '');
const dayFirst = (iso) => `${parts(iso)[d]}/${parts(iso)[m]}/${parts(iso)[y]}`;
const monthFirst = (iso) => `${parts(iso)[m]}/${parts(iso)[d]}/${parts(iso)[y]}`;
const xml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A French bank's CSV export: `Date opération;Date valeur;Libellé;Débit;Crédit;Solde`, CRLF ends. */
export function toCsv(month) {
  const rows = [
    `Compte courant;${IBAN}`,
    `Période;du ${dayFirst(month.from)} au ${dayFirst(month.to)}`,
    `Solde au ${dayFirst(month.openingDate)};${units(month.opening, ',')}`,
    '',
    'Date opération;Date valeur;Libellé;Débit;Crédit;Solde',
  ];
  let balance = month.opening;
  for (const line of month.lines) {
    balance += line.amount;
    const out = line.amount < 0 ? units(-line.amount, ',') : '';
    const into = line.amount > 0 ? units(line.amount, ',') : '';
    const label = /[;"]/u.test(line.label) ? `"${line.label.replaceAll('"', '""')}"` : line.label;
    rows.push([dayFirst(line.date), dayFirst(line.date), label, out, into, units(balance, ',')].join(';'));
  }
  return `${rows.join('\r\n')}\r\n`;
}

const OFX_TYPES = { card: 'POS', debit: 'DIRECTDEBIT', transfer: 'XFER', fee: 'SRVCHG' };

function transactions(month, close) {
  return month.lines.map((line) =>
    [
      '<STMTTRN>',
      `<TRNTYPE>${OFX_TYPES[line.kind] ?? (line.amount < 0 ? 'DEBIT' : 'CREDIT')}${close('TRNTYPE')}`,
      `<DTPOSTED>${compact(line.date)}${close('DTPOSTED')}`,
      `<TRNAMT>${units(line.amount)}${close('TRNAMT')}`,
      `<FITID>${line.ref}${close('FITID')}`,
      `<NAME>${xml(line.label)}${close('NAME')}`,
      ...(line.memo === null ? [] : [`<MEMO>${xml(line.memo)}${close('MEMO')}`]),
      '</STMTTRN>',
    ].join('\n'),
  );
}

function ofxBody(month, close, signOn) {
  return [
    '<OFX>',
    '<SIGNONMSGSRSV1><SONRS>',
    `<STATUS><CODE>0${close('CODE')}<SEVERITY>INFO${close('SEVERITY')}</STATUS>`,
    `<DTSERVER>${compact(month.to)}235959${close('DTSERVER')}<LANGUAGE>FRA${close('LANGUAGE')}`,
    ...signOn,
    '</SONRS></SIGNONMSGSRSV1>',
    '<BANKMSGSRSV1><STMTTRNRS>',
    `<TRNUID>0${close('TRNUID')}<STATUS><CODE>0${close('CODE')}<SEVERITY>INFO${close('SEVERITY')}</STATUS>`,
    `<STMTRS><CURDEF>EUR${close('CURDEF')}`,
    `<BANKACCTFROM><BANKID>${BANK_ID}${close('BANKID')}<BRANCHID>${BRANCH_ID}${close('BRANCHID')}` +
      `<ACCTID>${ACCOUNT_NO}${close('ACCTID')}<ACCTTYPE>CHECKING${close('ACCTTYPE')}</BANKACCTFROM>`,
    `<BANKTRANLIST><DTSTART>${compact(month.from)}${close('DTSTART')}<DTEND>${compact(month.to)}${close('DTEND')}`,
    ...transactions(month, close),
    '</BANKTRANLIST>',
    `<LEDGERBAL><BALAMT>${units(month.closing)}${close('BALAMT')}<DTASOF>${compact(month.to)}${close('DTASOF')}</LEDGERBAL>`,
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1>',
    '</OFX>',
  ].join('\n');
}

/** OFX 1.0.2, SGML: elements holding a value are left open, as 1.x files write them. */
export function toOfx1(month) {
  const header = [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'SECURITY:NONE',
    'ENCODING:USASCII',
    'CHARSET:1252',
    'COMPRESSION:NONE',
    'OLDFILEUID:NONE',
    'NEWFILEUID:NONE',
  ];
  return `${header.join('\r\n')}\r\n\r\n${ofxBody(month, () => '', []).replaceAll('\n', '\r\n')}\r\n`;
}

/** QFX: OFX 2.2, XML, with the `INTU.BID` Quicken looks for. */
export function toQfx(month) {
  const header = [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
  ];
  const close = (name) => `</${name}>`;
  return `${header.join('\n')}\n${ofxBody(month, close, ['<INTU.BID>10898</INTU.BID>'])}\n`;
}

/** QIF, `!Type:Bank`, dates month first (as Quicken writes them), `CX` for booked lines. */
export function toQif(month) {
  const out = ['!Type:Bank'];
  for (const line of month.lines) {
    out.push(`D${monthFirst(line.date)}`, `T${units(line.amount)}`, 'CX', `N${line.ref}`, `P${line.label}`);
    if (line.memo !== null) out.push(`M${line.memo}`);
    out.push('^');
  }
  return `${out.join('\n')}\n`;
}

const BANK_CODES = {
  card: ['PMNT', 'CCRD', 'POSD'],
  debit: ['PMNT', 'RDDT', 'ESDD'],
  transfer: ['PMNT', 'ICDT', 'ESCT'],
  fee: ['ACMT', 'MDOP', 'CHRG'],
};

function balance(code, amount, date) {
  return [
    '      <Bal>',
    `        <Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>`,
    `        <Amt Ccy="EUR">${units(Math.abs(amount))}</Amt>`,
    `        <CdtDbtInd>${amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>`,
    `        <Dt><Dt>${date}</Dt></Dt>`,
    '      </Bal>',
  ];
}

function entry(line) {
  const [domain, family, sub] = BANK_CODES[line.kind] ?? BANK_CODES.transfer;
  return [
    '      <Ntry>',
    `        <NtryRef>${line.ref}</NtryRef>`,
    `        <Amt Ccy="EUR">${units(Math.abs(line.amount))}</Amt>`,
    `        <CdtDbtInd>${line.amount < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>`,
    '        <Sts><Cd>BOOK</Cd></Sts>',
    `        <BookgDt><Dt>${line.date}</Dt></BookgDt>`,
    `        <ValDt><Dt>${line.date}</Dt></ValDt>`,
    `        <AcctSvcrRef>${line.ref}</AcctSvcrRef>`,
    `        <BkTxCd><Domn><Cd>${domain}</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>${sub}</SubFmlyCd></Fmly></Domn></BkTxCd>`,
    ...(line.memo === null
      ? []
      : [`        <NtryDtls><TxDtls><RmtInf><Ustrd>${xml(line.memo)}</Ustrd></RmtInf></TxDtls></NtryDtls>`]),
    `        <AddtlNtryInf>${xml(line.label)}</AddtlNtryInf>`,
    '      </Ntry>',
  ];
}

/** CAMT.053.001.08: one statement, its opening and closing booked balances, one entry a line. */
export function toCamt(month) {
  const id = `STMT-${compact(month.from).slice(0, 6)}`;
  return `${[
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">',
    '  <BkToCstmrStmt>',
    `    <GrpHdr><MsgId>${id}</MsgId><CreDtTm>${month.to}T23:59:59</CreDtTm></GrpHdr>`,
    '    <Stmt>',
    `      <Id>${id}</Id>`,
    `      <CreDtTm>${month.to}T23:59:59</CreDtTm>`,
    `      <FrToDt><FrDtTm>${month.from}T00:00:00</FrDtTm><ToDtTm>${month.to}T23:59:59</ToDtTm></FrToDt>`,
    `      <Acct><Id><IBAN>${IBAN.replaceAll(' ', '')}</IBAN></Id><Ccy>EUR</Ccy></Acct>`,
    ...balance('OPBD', month.opening, month.openingDate),
    ...balance('CLBD', month.closing, month.to),
    ...month.lines.flatMap(entry),
    '    </Stmt>',
    '  </BkToCstmrStmt>',
    '</Document>',
  ].join('\n')}\n`;
}
