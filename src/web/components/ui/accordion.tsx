import * as RadixAccordion from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const Accordion = RadixAccordion.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof RadixAccordion.Item>) {
  return <RadixAccordion.Item className={cn('border-b border-ink-700 last:border-b-0', className)} {...props} />;
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof RadixAccordion.Trigger>) {
  return (
    <RadixAccordion.Header className="flex">
      <RadixAccordion.Trigger
        className={cn(
          'group flex min-h-12 flex-1 items-center justify-between gap-4 py-4 text-left font-semibold text-white hover:text-brand-300',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-slate-400 transition-transform group-data-[state=open]:rotate-180"
        />
      </RadixAccordion.Trigger>
    </RadixAccordion.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof RadixAccordion.Content>) {
  return (
    <RadixAccordion.Content className={cn('pb-4 text-slate-300', className)} {...props}>
      {children}
    </RadixAccordion.Content>
  );
}
