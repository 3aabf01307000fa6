import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Wizard, type WizardProps } from './wizard';

const steps = [
  { id: 'archivo', title: 'Cargar archivo', description: 'Excel o CSV' },
  { id: 'revision', title: 'Revisar filas' },
  { id: 'asignacion', title: 'Asignar visitadores' },
];

const meta = {
  title: 'UI/Wizard',
  component: Wizard,
  args: {
    steps,
    currentStep: 1,
    children: <p className="text-sm">Contenido del paso actual.</p>,
  },
} satisfies Meta<typeof Wizard>;

export default meta;
type Story = StoryObj<typeof meta>;

function stepItems(canvasElement: HTMLElement): HTMLElement[] {
  return within(within(canvasElement).getByRole('list', { name: 'Pasos' })).getAllByRole('listitem');
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const [first, second, third] = stepItems(canvasElement);
    await expect(first).toHaveAttribute('aria-current', 'step');
    await expect(first).toHaveAttribute('data-status', 'current');
    await expect(second).toHaveAttribute('data-status', 'upcoming');
    await expect(third).toHaveAttribute('data-status', 'upcoming');
    await expect(first).toHaveTextContent('Paso 1 de 3');
  },
};

export const Playground: Story = { args: { currentStep: 2 } };

export const SecondStepCurrent: Story = {
  args: { currentStep: 2 },
  play: async ({ canvasElement }) => {
    const [first, second, third] = stepItems(canvasElement);
    await expect(first).toHaveAttribute('data-status', 'completed');
    await expect(first).toHaveTextContent('(completado)');
    await expect(first).not.toHaveAttribute('aria-current');
    await expect(second).toHaveAttribute('aria-current', 'step');
    await expect(second).toHaveTextContent('(paso actual)');
    await expect(third).toHaveAttribute('data-status', 'upcoming');
    await expect(third).toHaveTextContent('(pendiente)');
  },
};

export const LastStep: Story = {
  args: { currentStep: 3 },
  play: async ({ canvasElement }) => {
    const items = stepItems(canvasElement);
    await expect(items.map((item) => item.dataset.status)).toEqual(['completed', 'completed', 'current']);
  },
};

function WizardFlow(props: WizardProps) {
  const [current, setCurrent] = useState(props.currentStep);
  const total = props.steps.length;
  return (
    <Wizard
      {...props}
      currentStep={current}
      footer={
        <>
          <Button variant="outline" disabled={current === 1} onClick={() => setCurrent((step) => step - 1)}>
            Atrás
          </Button>
          <Button disabled={current === total} onClick={() => setCurrent((step) => step + 1)}>
            Aceptar y Continuar
          </Button>
        </>
      }
    >
      <p className="text-sm">Paso {current}: contenido.</p>
    </Wizard>
  );
}

export const WithFooter: Story = {
  render: (args) => <WizardFlow {...args} />,
};

/** Goes to step 3 and back to step 2. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const ForwardAndBack: Story = {
  ...WithFooter,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Aceptar y Continuar' }));
    await expect(stepItems(canvasElement)[1]).toHaveAttribute('aria-current', 'step');
    await expect(canvas.getByText('Paso 2: contenido.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Aceptar y Continuar' }));
    await expect(canvas.getByRole('button', { name: 'Aceptar y Continuar' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Atrás' }));
    await expect(stepItems(canvasElement)[1]).toHaveAttribute('aria-current', 'step');
  },
};
