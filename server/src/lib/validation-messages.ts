import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { Language } from '@webpay/contracts/language';
import { translateValidationMessage } from '@webpay/contracts/validation-messages';

/*
 * A 400's words per field. Messages the shared schemas give are translated
 * through the contracts' catalogues; zod's own messages (a wrong type, an
 * unknown key) are reworded here from the issue's code and parameters,
 * because the request's language is known only once the issue is answered.
 */

const TYPE_NAMES_ES: Readonly<Record<string, string>> = {
  string: 'texto',
  number: 'número',
  int: 'número entero',
  bigint: 'número entero',
  boolean: 'verdadero o falso',
  object: 'objeto',
  array: 'lista',
  null: 'nulo',
  undefined: 'ningún valor',
  date: 'fecha',
  nan: 'NaN',
};

const typeEs = (name: unknown) => TYPE_NAMES_ES[String(name)] ?? String(name);

function limitEs(params: Record<string, unknown>, bound: 'maximum' | 'minimum'): string {
  const limit = String(params[bound]);
  const inclusive = params.inclusive !== false;
  const atMost = bound === 'maximum' ? 'como máximo' : 'al menos';
  const strictly = bound === 'maximum' ? 'menos de' : 'más de';
  const quantity = inclusive ? `${atMost} ${limit}` : `${strictly} ${limit}`;
  switch (params.origin) {
    case 'string':
      return `debe tener ${quantity} caracteres`;
    case 'array':
    case 'set':
      return `debe tener ${quantity} elementos`;
    default:
      return bound === 'maximum'
        ? `debe ser ${inclusive ? 'menor o igual que' : 'menor que'} ${limit}`
        : `debe ser ${inclusive ? 'mayor o igual que' : 'mayor que'} ${limit}`;
  }
}

function quoted(values: unknown): string {
  return Array.isArray(values) ? values.map((value) => JSON.stringify(value)).join(', ') : '';
}

/** zod's own message for an issue, in Spanish. */
function zodIssueEs(issue: FastifySchemaValidationError): string {
  const params = issue.params;
  switch (issue.keyword) {
    case 'invalid_type': {
      const received = /received (\w+)$/.exec(issue.message ?? '')?.[1];
      const expected = `se esperaba ${typeEs(params.expected)}`;
      return received
        ? `Entrada no válida: ${expected}, se recibió ${typeEs(received)}`
        : `Entrada no válida: ${expected}`;
    }
    case 'too_big':
      return `Demasiado grande: ${limitEs(params, 'maximum')}`;
    case 'too_small':
      return `Demasiado pequeño: ${limitEs(params, 'minimum')}`;
    case 'invalid_value':
      return `Valor no válido: se esperaba ${quoted(params.values)}`;
    case 'unrecognized_keys': {
      const keys = Array.isArray(params.keys) ? params.keys : [];
      return `${keys.length === 1 ? 'Clave no reconocida' : 'Claves no reconocidas'}: ${quoted(keys)}`;
    }
    case 'invalid_format':
      return 'Formato no válido';
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${String(params.divisor)}`;
    case 'invalid_key':
      return 'Clave no válida';
    case 'invalid_element':
      return 'Elemento no válido';
    default:
      return 'Entrada no válida';
  }
}

/** One validation issue's message in the reader's language. */
export function issueMessageIn(issue: FastifySchemaValidationError, language: Language): string {
  const message = issue.message ?? '';
  if (language === 'en') return message;
  return translateValidationMessage(message, language) ?? zodIssueEs(issue);
}
