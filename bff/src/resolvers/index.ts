import type { Resolvers } from '../generated/resolvers.js';
import type { Context } from '../context.js';
import { Municipality } from './municipality.js';
import { Query } from './query.js';
import { Vacancy } from './vacancy.js';

export const resolvers: Resolvers<Context> = { Query, Vacancy, Municipality };
