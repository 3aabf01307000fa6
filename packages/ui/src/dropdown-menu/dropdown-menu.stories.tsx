import type { Meta, StoryObj } from '@storybook/react-vite';
import { ChevronDown, KeyRound, LogOut, Settings, Upload } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/button';
import { IconButton } from '../icon-button/icon-button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu';

const onChangePassword = fn();
const onLogout = fn();
const onLoadType = fn();

const meta = {
  title: 'UI/DropdownMenu',
  component: DropdownMenu,
  args: { onOpenChange: fn() },
  beforeEach: () => {
    onChangePassword.mockClear();
    onLogout.mockClear();
    onLoadType.mockClear();
  },
  render: (args) => (
    <div className="flex justify-end">
      <DropdownMenu {...args}>
        <DropdownMenuTrigger asChild>
          <IconButton label="Configuración" variant="outline">
            <Settings />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>Mi cuenta</DropdownMenuLabel>
          <DropdownMenuGroup>
            <DropdownMenuItem icon={<KeyRound />} onSelect={onChangePassword}>
              Cambiar contraseña
            </DropdownMenuItem>
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem icon={<LogOut />} destructive onSelect={onLogout}>
            Cerrar sesión
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  ),
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Configuración' });
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await expect(menu).toBeVisible();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Cambiar contraseña' }));
    await expect(onChangePassword).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Playground: Story = { args: { modal: false } };

/** Modal mode: outside pointer events are blocked while open, and a pointer down outside still closes it. */
export const ModalMode: Story = {
  args: { modal: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Configuración' }));
    await screen.findByRole('menu');
    await userEvent.pointer(
      { keys: '[MouseLeft]', target: document.documentElement },
      { pointerEventsCheck: 0 },
    );
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

export const Open: Story = {
  args: { defaultOpen: true },
  play: async () => {
    await expect(await screen.findByRole('menu')).toBeVisible();
    await expect(screen.getAllByRole('menuitem')).toHaveLength(2);
  },
};

export const ClosesOnOutsideClick: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Configuración' }));
    await screen.findByRole('menu');
    // A pointer down anywhere outside the menu dismisses it.
    await userEvent.pointer({ keys: '[MouseLeft]', target: document.body });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(onChangePassword).not.toHaveBeenCalled();
  },
};

export const ClosesOnEscape: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Configuración' });
    await userEvent.click(trigger);
    await screen.findByRole('menu');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const KeyboardNavigation: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Configuración' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Cambiar contraseña' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await expect(screen.getByRole('menuitem', { name: 'Cerrar sesión' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(onLogout).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  },
};

export const WithButtonTrigger: Story = {
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button>
          <Upload aria-hidden="true" /> Nueva Carga <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Tipo de carga</DropdownMenuLabel>
        <DropdownMenuItem onSelect={() => onLoadType('TEC_MTY')}>TEC_MTY</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Nueva Carga' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'TEC_MTY' }));
    await expect(onLoadType).toHaveBeenCalledWith('TEC_MTY');
  },
};

export const DisabledItem: Story = {
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Acciones</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuItem onSelect={onChangePassword}>Editar</DropdownMenuItem>
        <DropdownMenuItem disabled onSelect={onLogout}>
          Archivar (no disponible)
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Acciones' }));
    const disabled = await screen.findByRole('menuitem', { name: 'Archivar (no disponible)' });
    await expect(disabled).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(disabled, { pointerEventsCheck: 0 });
    await expect(onLogout).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
  },
};
