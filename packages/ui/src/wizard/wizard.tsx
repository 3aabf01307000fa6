import { cva } from 'class-variance-authority';
import { Check } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { formatNumber } from '../lib/format';

/** Where a step stands relative to the current one. */
export type WizardStepStatus = 'completed' | 'current' | 'upcoming';

export interface WizardStep {
  /** Stable key of the step (its position is used when absent). */
  id?: string;
  /** Short title shown next to the step number, e.g. 'Cargar archivo'. */
  title: ReactNode;
  /** Optional secondary line under the title. */
  description?: ReactNode;
}

export const wizardMarkerVariants = cva(
  'flex size-8 shrink-0 items-center justify-center rounded-full border-2 font-semibold text-sm [&_svg]:size-4',
  {
    variants: {
      status: {
        completed: 'border-brand-600 bg-brand-600 text-white',
        current: 'border-brand-600 bg-surface text-brand-700',
        upcoming: 'border-line bg-surface text-ink-muted',
      },
    },
    defaultVariants: { status: 'upcoming' },
  },
);

export interface WizardProps extends Omit<ComponentProps<'div'>, 'title'> {
  /** The steps, in order. */
  steps: readonly WizardStep[];
  /** The current step, 1-based. Steps before it are completed, steps after it upcoming. */
  currentStep: number;
  /** The current step's content. */
  children?: ReactNode;
  /** Actions under the content (e.g. Cancelar / 'Aceptar y Continuar'). */
  footer?: ReactNode;
  /** Accessible name of the steps list. Defaults to the messages' `wizardSteps` ('Pasos'). */
  stepsLabel?: string;
}

/** Status of step `index` (0-based) when `currentStep` (1-based) is current. */
export function getWizardStepStatus(index: number, currentStep: number): WizardStepStatus {
  if (index + 1 < currentStep) return 'completed';
  if (index + 1 === currentStep) return 'current';
  return 'upcoming';
}

/**
 * A multi-step flow: numbered steps with titles (completed, current with `aria-current="step"`,
 * upcoming), the current step's content and a footer. It owns no state: the parent moves `currentStep`.
 * On a narrow screen (below `sm`) the other steps show only their number, so the current step's title
 * has the room to show in full instead of every title being cut ('Subir …', 'Valida…').
 */
export function Wizard({
  steps,
  currentStep,
  children,
  footer,
  stepsLabel,
  className,
  ...props
}: WizardProps) {
  const messages = useUiMessages();
  const statusText: Record<WizardStepStatus, string> = {
    completed: messages.wizardStepCompleted,
    current: messages.wizardStepCurrent,
    upcoming: messages.wizardStepUpcoming,
  };
  return (
    <div data-slot="wizard" className={cn('flex flex-col gap-6', className)} {...props}>
      <ol
        data-slot="wizard-steps"
        aria-label={stepsLabel ?? messages.wizardSteps}
        className="flex flex-wrap items-start gap-x-2 gap-y-3"
      >
        {steps.map((step, index) => {
          const status = getWizardStepStatus(index, currentStep);
          const number = index + 1;
          return (
            <li
              key={step.id ?? number}
              data-slot="wizard-step"
              data-status={status}
              aria-current={status === 'current' ? 'step' : undefined}
              className={cn(
                'flex min-w-0 flex-1 items-center gap-2',
                status !== 'current' && 'max-sm:flex-none',
              )}
            >
              <span aria-hidden="true" className={wizardMarkerVariants({ status })}>
                {status === 'completed' ? <Check strokeWidth={3} /> : formatNumber(number)}
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="sr-only">{messages.wizardStepOf(number, steps.length)}: </span>
                <span
                  data-slot="wizard-step-title"
                  className={cn(
                    'truncate font-medium text-sm',
                    status === 'upcoming' ? 'text-ink-muted' : 'text-ink',
                    status !== 'current' && 'max-sm:sr-only',
                  )}
                >
                  {step.title}
                </span>
                {step.description ? (
                  <span
                    className={cn(
                      'truncate text-ink-muted text-xs',
                      status !== 'current' && 'max-sm:sr-only',
                    )}
                  >
                    {step.description}
                  </span>
                ) : null}
                <span className="sr-only"> ({statusText[status]})</span>
              </span>
              {index < steps.length - 1 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    'ms-2 hidden h-0.5 flex-1 rounded sm:block',
                    status === 'completed' ? 'bg-brand-600' : 'bg-line',
                  )}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      <div data-slot="wizard-content" className="min-w-0">
        {children}
      </div>
      {footer ? (
        <div
          data-slot="wizard-footer"
          className="flex flex-wrap items-center justify-end gap-3 border-line border-t pt-4"
        >
          {footer}
        </div>
      ) : null}
    </div>
  );
}
