/**
 * The parts of nodemailer the mail transports use, in one module that mail.ts imports when it first composes or
 * sends a message: nodemailer is ~0.4 MB of the server's bundle that a start does not need (issue 21 item 6).
 */
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

export { nodemailer, parseConnectionUrl, SMTPConnection };
