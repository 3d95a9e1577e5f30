import type { FastifyRequest } from 'fastify';
import { requireCustomer } from '../../plugins/call.ts';
import type { Actor } from './order-lifecycle.ts';

/** The signed-in customer as the actor of an order event. */
export function customerActor(request: FastifyRequest): Actor {
  const customer = requireCustomer(request);
  return { type: 'customer', id: customer.id, name: customer.nickName || customer.account };
}
