"""Studio data browser scenario: create records through generated forms (a server error shown beside the field it
names), page with nextToken, sort by a column, filter with the filter builder, edit and delete a record, follow a
belongsTo to the parent and a hasMany to the children; every write is checked in PostgreSQL."""

import uuid

from studio_ui import check, enter_key, records_render, wait_for_records, column, psql, run_scenario, wait_until


def scenario(page, args, shot):
    check(args.database_url, 'the scenario needs --database-url')
    db = args.database_url
    enter_key(page, args.key)
    page.click('[data-testid=view-data]')
    page.wait_for_selector('[data-testid=models] [data-model=Blog]')

    def open_model(name):
        before = records_render(page)
        page.click(f'[data-testid=models] [data-model={name}]')
        wait_for_records(page, name, before)

    def act(model, action):
        before = records_render(page)
        action()
        wait_for_records(page, model, before)

    # Create a blog.
    blog_name = f'Data blog {uuid.uuid4().hex[:8]}'
    open_model('Blog')
    page.click('[data-testid=new-record]')
    page.fill('[data-testid=record-form] [name=name]', blog_name)
    act('Blog', lambda: page.click('[data-testid=save]'))
    rows = psql(db, f"SELECT id FROM \"Blog\" WHERE name = '{blog_name}'")
    check(len(rows) == 1, f'PostgreSQL has {rows} for the new blog')
    blog = rows[0][0]

    # A server error is shown next to the field it names, and nothing is written.
    open_model('Post')
    page.click('[data-testid=new-record]')
    form = '[data-testid=record-form]'
    page.fill(f'{form} [name=title]', 'Broken')
    page.fill(f'{form} [name=rating]', 'many')
    page.select_option(f'{form} [name=status]', 'DRAFT')
    page.fill(f'{form} [name=blogId]', blog)
    page.click('[data-testid=save]')
    error = page.wait_for_selector('[data-testid=field-error][data-field=rating]:not(:empty)')
    check('rating' in error.inner_text(), f'the rating error says {error.inner_text()!r}')
    check(page.get_attribute(f'{form} [name=rating]', 'aria-invalid') == 'true', 'the rating input is not marked invalid')
    check(psql(db, "SELECT count(*) FROM \"Post\" WHERE title = 'Broken'") == [['0']], 'a post was written despite the error')
    shot('data-error')

    # Seven posts, ratings 0 to 6.
    page.fill(f'{form} [name=rating]', '0')
    page.fill(f'{form} [name=title]', 'Post 0')
    act('Post', lambda: page.click('[data-testid=save]'))
    for i in range(1, 7):
        page.click('[data-testid=new-record]')
        page.fill(f'{form} [name=title]', f'Post {i}')
        page.fill(f'{form} [name=rating]', str(i))
        page.select_option(f'{form} [name=status]', 'PUBLISHED' if i % 2 else 'DRAFT')
        page.fill(f'{form} [name=blogId]', blog)
        act('Post', lambda: page.click('[data-testid=save]'))
    check(psql(db, f"SELECT count(*) FROM \"Post\" WHERE \"blogId\" = '{blog}'") == [['7']], 'PostgreSQL does not hold the seven posts')

    # Filter to this blog's posts, then page by five.
    page.click('.filter summary')
    page.click('[data-testid=add-condition]')
    page.select_option('[name=filter-field]', 'blogId')
    page.fill('[name=filter-value]', blog)
    act('Post', lambda: page.click('[data-testid=apply-filter]'))
    check(len(column(page, 'id')) == 7, f'the filtered table has {len(column(page, "id"))} rows')
    act('Post', lambda: page.select_option('[data-testid=page-size]', '5'))
    first_page = column(page, 'id')
    check(len(first_page) == 5, f'page 1 has {len(first_page)} rows')
    act('Post', lambda: page.click('[data-testid=next-page]'))
    second_page = column(page, 'id')
    check(len(second_page) == 2 and not set(first_page) & set(second_page), f'page 2 is {second_page}')
    check(page.is_disabled('[data-testid=next-page]'), 'Next is enabled on the last page')
    act('Post', lambda: page.click('[data-testid=previous-page]'))
    check(column(page, 'id') == first_page, 'Previous did not return to page 1')

    # Sort by rating, descending on the second click.
    act('Post', lambda: page.click('[data-testid=records] [data-sort=rating]'))
    check(column(page, 'rating') == ['0', '1', '2', '3', '4'], f'ascending: {column(page, "rating")}')
    act('Post', lambda: page.click('[data-testid=records] [data-sort=rating]'))
    check(column(page, 'rating') == ['6', '5', '4', '3', '2'], f'descending: {column(page, "rating")}')

    # A second condition: rating > 3.
    page.click('[data-testid=add-condition]')
    page.select_option('.condition:nth-child(2) [name=filter-field]', 'rating')
    page.select_option('.condition:nth-child(2) [name=filter-op]', 'gt')
    page.fill('.condition:nth-child(2) [name=filter-value]', '3')
    act('Post', lambda: page.click('[data-testid=apply-filter]'))
    check(column(page, 'rating') == ['6', '5', '4'], f'rating > 3 shows {column(page, "rating")}')
    shot('data')

    # Edit the first row.
    edited = page.get_attribute('[data-testid=records] tbody tr', 'data-id')
    page.click('[data-testid=records] tbody tr [data-testid=edit-record]')
    page.fill(f'{form} [name=title]', 'Edited in Studio')
    act('Post', lambda: page.click('[data-testid=save]'))
    check(psql(db, f"SELECT title, rating FROM \"Post\" WHERE id = '{edited}'") == [['Edited in Studio', '6']], 'the edit is not in PostgreSQL')
    check(column(page, 'title')[0] == 'Edited in Studio', f'the table shows {column(page, "title")}')

    # Delete it (the button asks for a second click).
    page.click('[data-testid=records] tbody tr [data-testid=edit-record]')
    page.click('[data-testid=delete]')
    act('Post', lambda: page.click('[data-testid=delete]'))
    check(psql(db, f"SELECT count(*) FROM \"Post\" WHERE id = '{edited}'") == [['0']], 'the deleted post is still in PostgreSQL')
    check(edited not in column(page, 'id'), 'the deleted post is still listed')

    # belongsTo: the parent blog; hasMany: its posts.
    act('Blog', lambda: page.click('[data-testid=records] tbody tr td button.link >> text=/^Blog /'))
    check(column(page, 'id') == [blog], f'the parent table shows {column(page, "id")}')
    act('Post', lambda: page.click('[data-testid=records] tbody tr [data-children=posts]'))
    check(len(column(page, 'id')) == 6, f'the blog has {len(column(page, "id"))} posts listed, expected 6')
    wait_until(page, "() => document.querySelector('.data-header h2')?.textContent.includes('of Blog')", what='the children heading')


if __name__ == '__main__':
    run_scenario(scenario, __doc__)
