import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * The expressions the billing office's search compares, defined once so
 * that the indexes (schema.ts) and the queries (modules/office) are the
 * same expression, which is what lets PostgreSQL use the index. Built from
 * functions every PostgreSQL and PGlite has, without extensions.
 */

/** Accented letters and what they are compared as, position by position. */
export const FOLD_FROM = 'áàâäãåāÁÀÂÄÃÅĀéèêëēÉÈÊËĒíìîïīÍÌÎÏĪóòôöõøōÓÒÔÖÕØŌúùûüūÚÙÛÜŪñÑçÇýÿÝ';
export const FOLD_TO = 'aaaaaaaAAAAAAAeeeeeEEEEEiiiiiIIIIIoooooooOOOOOOOuuuuuUUUUUnNcCyyY';

/**
 * A name without accents or capitals, in the "C" collation so that a prefix
 * (LIKE 'gar%') can be looked up in a btree index whatever the database's
 * own collation. Accents are translated before lower(), which under the C
 * locale lowers only ASCII letters.
 */
export function foldedName(column: AnyColumn): SQL {
  return sql`(lower(translate(${column}, ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)})) collate "C")`;
}

/** A phone number's digits: "(801) 555-0142" is compared as 8015550142. */
export function phoneDigits(column: AnyColumn): SQL {
  return sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;
}
