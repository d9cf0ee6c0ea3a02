import { render, screen } from '@testing-library/react';
import { BackofficeProvider } from './BackofficeProvider';
import { ErrorPage, errorPageContent } from './ErrorPage';

describe('error page', () => {
  it('404 is the not-found variant with "Page Not Found"', () => {
    expect(errorPageContent({ status: 404 })).toEqual({ variant: 'not-found', status: 404, message: 'Page Not Found' });
  });
  it('any other status is the general variant with "Internal Server Error"', () => {
    expect(errorPageContent({ status: 403 })).toEqual({ variant: 'general', status: 403, message: 'Internal Server Error' });
  });
  it('status defaults to 500', () => {
    expect(errorPageContent({})).toEqual({ variant: 'general', status: 500, message: 'Internal Server Error' });
  });
  it('renders a given message', () => {
    render(
      <BackofficeProvider env="test">
        <ErrorPage status={404} message="Page Not Found: /nada" />
      </BackofficeProvider>,
    );
    expect(screen.getByText('Page Not Found: /nada')).toBeTruthy();
  });
});
